/**
 * The agent's "API keys" section (issue 25), for its owner and admins: create a key (shown once,
 * with Copy), list the keys by name and prefix with when they were made and last used, and
 * revoke one after a second click.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { ApiKey, ApiKeyCreated } from "../../../contracts/api-keys";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { MessageCopyButton } from "../chat/message-copy-button";
import { agentApiKeysQuery, createApiKeyMutation, revokeApiKeyMutation } from "./api-key-queries";

function problemOf(error: unknown): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : "Something went wrong. Try again.";
}

const when = (iso: string) => new Date(iso).toLocaleString();

function NewKeyNotice({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Copy the key “{created.name}” now: it will not be shown again.
      </p>
      <div className="flex items-center gap-2">
        <Input
          readOnly
          value={created.key}
          aria-label={`API key ${created.name}`}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <MessageCopyButton text={created.key} label="Copy key" className="h-10 border border-slate-300 px-3" />
      </div>
      <Button variant="outline" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function KeyRow({ apiKey, agentId }: { apiKey: ApiKey; agentId: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(revokeApiKeyMutation(queryClient, agentId));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
      <div className="min-w-0">
        <p className="font-medium">{apiKey.name}</p>
        <p className="text-xs text-slate-500">
          <span className="font-mono">{apiKey.prefix}…</span> · created {when(apiKey.createdAt)} ·{" "}
          {apiKey.lastUsedAt ? `last used ${when(apiKey.lastUsedAt)}` : "never used"}
        </p>
        {revoke.isError && (
          <p role="alert" className="text-sm text-red-600">
            {problemOf(revoke.error)}
          </p>
        )}
      </div>
      {confirming ? (
        <div className="flex gap-2">
          <Button
            variant="destructive"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(apiKey.id)}
            aria-label={`Revoke ${apiKey.name} for good`}
          >
            Revoke for good
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

export function ApiKeysPanel({ agentId }: { agentId: string }) {
  const keys = useQuery(agentApiKeysQuery(agentId));
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useMutation(createApiKeyMutation(queryClient, agentId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (made) => {
          setCreated(made);
          setName("");
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4" aria-hidden /> API keys
        </CardTitle>
        <CardDescription>
          Apps and OpenAI clients call this agent at <span className="font-mono">/v1/chat/completions</span> with one of
          these keys, once the agent is published (the model is its public slug). A key is shown only when it is made.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
        {keys.isPending ? (
          <Spinner label="Loading API keys" />
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {problemOf(keys.error)}
          </p>
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-slate-500">No API keys yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="API keys">
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} agentId={agentId} />
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <Field
              id={`api-key-name-${agentId}`}
              label="New key's name"
              error={create.isError ? problemOf(create.error) : undefined}
            >
              <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="Shop backend" />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ""}>
            Create key
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
