/**
 * The agent page's outcome fields (issue 26): what every conversation with this agent should
 * end with written down. Read by anyone who sees the agent; edited by its owner or an admin.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { OUTCOME_FIELD_TYPES, type OutcomeField, type OutcomeFieldType } from "../../../contracts/outcomes";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { outcomeFieldsQuery, saveOutcomeFieldsMutation } from "./outcome-queries";

export function OutcomeFieldsEditor({ agentId, canManage }: { agentId: string; canManage: boolean }) {
  const query = useQuery(outcomeFieldsQuery(agentId));
  const queryClient = useQueryClient();
  const save = useMutation(saveOutcomeFieldsMutation(queryClient, agentId));
  const [fields, setFields] = useState<OutcomeField[]>([]);
  useEffect(() => {
    if (query.data) setFields(query.data.fields);
  }, [query.data]);
  const change = (i: number, patch: Partial<OutcomeField>) =>
    setFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  return (
    <Card aria-labelledby="outcome-fields-title">
      <CardHeader>
        <CardTitle id="outcome-fields-title">Outcome fields</CardTitle>
        <CardDescription>
          What each conversation should end with written down
          {query.data?.fromTemplate ? " (from the agent's template until saved)" : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(fields);
            }}
          >
            <ul className="space-y-3">
              {fields.map((field, i) => (
                <li
                  key={i}
                  className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_2fr_auto]"
                >
                  <Input
                    aria-label={`Field ${i + 1} name`}
                    value={field.name}
                    disabled={!canManage}
                    onChange={(e) => change(i, { name: e.target.value })}
                  />
                  <NativeSelect
                    aria-label={`Field ${i + 1} type`}
                    value={field.type}
                    disabled={!canManage}
                    onChange={(e) => change(i, { type: e.target.value as OutcomeFieldType })}
                  >
                    {OUTCOME_FIELD_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </NativeSelect>
                  <Input
                    aria-label={`Field ${i + 1} description`}
                    value={field.description}
                    disabled={!canManage}
                    onChange={(e) => change(i, { description: e.target.value })}
                  />
                  {canManage && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove field ${field.name || i + 1}`}
                      onClick={() => setFields(fields.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                  {field.type === "choice" && (
                    <Input
                      className="sm:col-span-3"
                      aria-label={`Field ${i + 1} options, separated by commas`}
                      placeholder="Options, separated by commas"
                      value={(field.options ?? []).join(", ")}
                      disabled={!canManage}
                      onChange={(e) => change(i, { options: e.target.value.split(",").map((o) => o.trim()) })}
                    />
                  )}
                </li>
              ))}
            </ul>
            {save.isError && (
              <p role="alert" className="text-sm text-red-600">
                {save.error instanceof ApiError ? (save.error.serverMessage ?? save.error.message) : "Could not save"}
              </p>
            )}
            {save.isSuccess && !save.isPending && (
              <p role="status" className="text-sm text-emerald-700">
                Outcome fields saved.
              </p>
            )}
            {canManage && (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setFields([...fields, { name: "", type: "text", description: "" }])}
                >
                  <Plus aria-hidden /> Add field
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  Save outcome fields
                </Button>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
