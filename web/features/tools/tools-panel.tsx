/** The agent's "Tools" section (issue 24): its MCP servers, HTTP actions and built-ins, for its owner and admins. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { AddHttpActionForm, AddMcpServerForm } from "./add-tool-forms";
import { ImportOpenApiForm } from "./import-openapi-form";
import { ToolRow } from "./tool-row";
import { addToolMutation, agentToolsQuery, problemOf } from "./tool-queries";

type Adding = "mcp" | "http" | "openapi" | null;

export function ToolsPanel({ agentId }: { agentId: string }) {
  const tools = useQuery(agentToolsQuery(agentId));
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<Adding>(null);
  const addBuiltin = useMutation(addToolMutation(queryClient, agentId));
  const hasBuiltin = (name: string) => tools.data?.some((tool) => tool.kind === "builtin" && tool.name === name);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="size-4" aria-hidden /> Tools
        </CardTitle>
        <CardDescription>
          What the agent can do besides talking: call an MCP server&apos;s tools, an HTTP API, search its own documents,
          or ask a person from the team to join. Only hosts the admin&apos;s tool policy allows can be reached. The
          agent calls them in its conversations when the model decides to; a tool set to ask waits for the person&apos;s
          approval in the chat.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {tools.isPending ? (
          <Spinner label="Loading tools" />
        ) : tools.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {problemOf(tools.error)}
          </p>
        ) : tools.data.length === 0 ? (
          <p className="text-sm text-slate-500">No tools yet.</p>
        ) : (
          <ul className="space-y-3">
            {tools.data.map((tool) => (
              <ToolRow key={tool.id} tool={tool} />
            ))}
          </ul>
        )}
        {adding === "mcp" && <AddMcpServerForm agentId={agentId} onDone={() => setAdding(null)} />}
        {adding === "http" && <AddHttpActionForm agentId={agentId} onDone={() => setAdding(null)} />}
        {adding === "openapi" && <ImportOpenApiForm agentId={agentId} onDone={() => setAdding(null)} />}
        {adding === null && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setAdding("mcp")}>
              Add MCP server
            </Button>
            <Button variant="outline" onClick={() => setAdding("http")}>
              Add HTTP action
            </Button>
            <Button variant="outline" onClick={() => setAdding("openapi")}>
              Import from OpenAPI
            </Button>
            {!hasBuiltin("search_knowledge") && (
              <Button
                variant="outline"
                disabled={addBuiltin.isPending}
                onClick={() => addBuiltin.mutate({ kind: "builtin", name: "search_knowledge", approval: "auto" })}
              >
                Add knowledge search
              </Button>
            )}
            {!hasBuiltin("handoff_to_human") && (
              <Button
                variant="outline"
                disabled={addBuiltin.isPending}
                onClick={() => addBuiltin.mutate({ kind: "builtin", name: "handoff_to_human", approval: "auto" })}
              >
                Add hand-off to a person
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
