/** /admin-tool-policy (issue 24): which hosts agents' tools may reach, private networks, and the call limits. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { ToolPolicy } from "../../contracts/tools";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Field } from "../components/ui/field";
import { Input, Textarea } from "../components/ui/input";
import { Switch } from "../components/ui/switch";
import { AdminGuard } from "../features/admin/admin-guard";
import { ErrorState, LoadingState } from "../features/admin/admin-states";
import { problemOf, savePolicyMutation, toolPolicyQuery } from "../features/tools/tool-queries";

function PolicyForm({ policy }: { policy: ToolPolicy }) {
  const queryClient = useQueryClient();
  const [hosts, setHosts] = useState(policy.allowedHosts.join("\n"));
  const [allowPrivate, setAllowPrivate] = useState(policy.allowPrivateNetworks);
  const [perTurn, setPerTurn] = useState(String(policy.maxCallsPerTurn));
  const [perDay, setPerDay] = useState(
    policy.callsPerCompanyPerDay === null ? "" : String(policy.callsPerCompanyPerDay),
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    ...savePolicyMutation(queryClient),
    onError: (error) => setMessage({ ok: false, text: problemOf(error) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const allowedHosts = hosts
      .split(/[\s,]+/)
      .map((host) => host.trim())
      .filter(Boolean);
    save.mutate(
      {
        allowedHosts,
        allowPrivateNetworks: allowPrivate,
        maxCallsPerTurn: Number(perTurn),
        callsPerCompanyPerDay: perDay.trim() === "" ? null : Number(perDay),
      },
      { onSuccess: () => setMessage({ ok: true, text: "Tool policy saved" }) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label="Tool policy">
      <Field
        id="policy-hosts"
        label="Allowed hosts (one per line)"
        hint="api.example.com or *.example.com. Empty: any host with a public address."
      >
        <Textarea value={hosts} onChange={(e) => setHosts(e.target.value)} className="min-h-32 font-mono text-sm" />
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <Switch checked={allowPrivate} onCheckedChange={setAllowPrivate} aria-label="Allow private networks" />
        <span>
          <span className="font-medium">Allow private networks</span>
          <span className="block text-slate-500">
            Loopback, private and link-local addresses (127.0.0.1, 10.x, 192.168.x, 169.254.x). Off unless your tools
            run inside your own network.
          </span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="policy-per-turn" label="Tool calls per turn">
          <Input type="number" min={1} max={50} value={perTurn} onChange={(e) => setPerTurn(e.target.value)} required />
        </Field>
        <Field id="policy-per-day" label="Tool calls per company per day" hint="Empty: unlimited">
          <Input type="number" min={0} value={perDay} onChange={(e) => setPerDay(e.target.value)} />
        </Field>
      </div>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={message.ok ? "text-sm text-emerald-700" : "text-sm text-red-600"}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        Save policy
      </Button>
    </form>
  );
}

export function AdminToolPolicyPage() {
  const policy = useQuery(toolPolicyQuery);
  return (
    <AdminGuard>
      <PageHeader
        title="Tool Policy"
        description="What agents' tools (MCP servers, HTTP actions) may reach from this server, and how often they may be called."
      />
      {policy.isPending ? (
        <LoadingState />
      ) : policy.isError ? (
        <ErrorState error={policy.error} />
      ) : (
        <Card>
          <CardContent className="pt-5">
            <PolicyForm policy={policy.data} />
          </CardContent>
        </Card>
      )}
    </AdminGuard>
  );
}
