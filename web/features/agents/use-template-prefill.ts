/** Reads ?template={type} and finds that template, so a form can start from it. */
import { useQuery } from "@tanstack/react-query";
import { useSearch } from "wouter";
import { templateListQuery } from "../../lib/agent-queries";

export function useTemplatePrefill() {
  const type = new URLSearchParams(useSearch()).get("template");
  const templates = useQuery({ ...templateListQuery, enabled: Boolean(type) });
  const template = type ? templates.data?.find((t) => t.type === type) : undefined;
  return { type, template, isLoading: Boolean(type) && templates.isLoading };
}
