/** Reads ?template={type} and finds that template, so a form can start from it. */
import { useQuery } from "@tanstack/react-query";
import type { AgentCreate, AgentTemplate } from "../../../contracts/agents";
import { useSearch } from "wouter";
import { templateListQuery } from "../../lib/agent-queries";

export function useTemplatePrefill() {
  const type = new URLSearchParams(useSearch()).get("template");
  const templates = useQuery({ ...templateListQuery, enabled: Boolean(type) });
  const template = type ? templates.data?.find((t) => t.type === type) : undefined;
  return { type, template, isLoading: Boolean(type) && templates.isLoading };
}

/** The agent fields a template fills in: everything but its own id, icon and tracked data. */
export function templatePersona(template: AgentTemplate): Omit<AgentCreate, "gender"> & Pick<AgentTemplate, "gender"> {
  const { id: _id, icon: _icon, trackedData: _tracked, ...persona } = template;
  return persona;
}
