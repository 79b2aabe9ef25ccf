/**
 * The agent's "Publishing" section (issue 25), for its owner and admins: on/off, the slug with
 * the public address it makes, the sites that may embed the widget, the greeting, guest voice,
 * the guests' hourly allowance, the tools guests may trigger and the widget's theme; once
 * published, the embed snippet and a link to the public page. The draft is kept whatever the
 * server answers, and each refusal is shown under the field it is about.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Loader2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  GREETING_MAX_CHARS,
  GUEST_MESSAGES_PER_HOUR_MAX,
  type Publishing,
  type PublishingUpdate,
} from "../../../contracts/publishing";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { ApiError } from "../../lib/api";
import { AllowedOriginsField } from "./allowed-origins-field";
import { EmbedSnippet } from "./embed-snippet";
import { GuestToolsField } from "./guest-tools-field";
import { publishingFieldErrors, serverPublishingErrors, type PublishingFieldErrors } from "./publishing-field-errors";
import { agentPublishingQuery, publicAddresses, savePublishingMutation } from "./publishing-queries";

/** The form's draft: the hourly allowance is kept as typed until it is sent. */
type Draft = Omit<PublishingUpdate, "guestMessagesPerHour"> & { guestMessagesPerHour: string };

const draftOf = (saved: Publishing): Draft => ({ ...saved, guestMessagesPerHour: String(saved.guestMessagesPerHour) });
const updateOf = (draft: Draft): PublishingUpdate => ({
  ...draft,
  guestMessagesPerHour: draft.guestMessagesPerHour.trim() === "" ? Number.NaN : Number(draft.guestMessagesPerHour),
});

function problemOf(error: unknown): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : "Something went wrong. Try again.";
}

function PublishingForm({ agentId, saved }: { agentId: string; saved: Publishing }) {
  const queryClient = useQueryClient();
  const save = useMutation(savePublishingMutation(queryClient, agentId));
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<PublishingFieldErrors>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [shown, setShown] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused save, focus goes to the first field to fix (in page order).
  useEffect(() => {
    if (shown > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    save.reset();
  };
  const showErrors = (next: PublishingFieldErrors) => {
    setErrors(next);
    setShown((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormProblem(null);
    const update = updateOf(draft);
    const found = publishingFieldErrors(update);
    if (Object.keys(found).length > 0) return showErrors(found);
    save.mutate(update, {
      onSuccess: (answer) => setDraft(draftOf(answer)),
      onError: (error) => {
        const onField = serverPublishingErrors(error);
        if (onField) showErrors(onField);
        else setFormProblem(problemOf(error));
      },
    });
  };

  const busy = save.isPending;
  const slugShown = draft.slug.trim().toLowerCase();
  const id = (name: string) => `publishing-${name}-${agentId}`;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-busy={busy}>
      <label className="flex items-center gap-3 text-sm font-medium">
        <Switch
          checked={draft.enabled}
          disabled={busy}
          onCheckedChange={(enabled) => set("enabled", enabled)}
          aria-label="Published"
          aria-describedby={id("enabled-hint")}
        />
        Published
      </label>
      <p id={id("enabled-hint")} className="-mt-3 text-xs text-slate-500">
        {draft.enabled
          ? "Anyone with the address can chat with this agent, without an account."
          : "Only signed-in members can reach this agent."}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        <Field
          id={id("slug")}
          label="Slug"
          error={errors.slug}
          hint={
            <>
              Public page:{" "}
              <span className="break-all font-mono">
                {publicAddresses(window.location.origin, slugShown || "…").page}
              </span>
            </>
          }
        >
          <Input
            value={draft.slug}
            disabled={busy}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => set("slug", event.target.value)}
          />
        </Field>
        <Field
          id={id("per-hour")}
          label="Messages per hour, per guest"
          error={errors.guestMessagesPerHour}
          hint={`1 to ${GUEST_MESSAGES_PER_HOUR_MAX}. Guest turns also count against the company's quota.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={GUEST_MESSAGES_PER_HOUR_MAX}
            value={draft.guestMessagesPerHour}
            disabled={busy}
            onChange={(event) => set("guestMessagesPerHour", event.target.value)}
          />
        </Field>
      </div>
      <Field
        id={id("greeting")}
        label="Greeting"
        error={errors.greeting}
        hint={`The first message guests see (${draft.greeting.length}/${GREETING_MAX_CHARS}).`}
      >
        <Textarea
          value={draft.greeting}
          disabled={busy}
          rows={2}
          onChange={(event) => set("greeting", event.target.value)}
        />
      </Field>
      <AllowedOriginsField
        id={id("origin")}
        origins={draft.allowedOrigins}
        error={errors.allowedOrigins}
        disabled={busy}
        onChange={(origins) => set("allowedOrigins", origins)}
      />
      <label className="flex items-center gap-3 text-sm font-medium">
        <Switch
          checked={draft.voice}
          disabled={busy}
          onCheckedChange={(voice) => set("voice", voice)}
          aria-label="Guests may talk by voice"
        />
        Guests may talk by voice
      </label>
      <GuestToolsField
        agentId={agentId}
        selected={draft.guestToolIds}
        error={errors.guestToolIds}
        disabled={busy}
        onChange={(toolIds) => set("guestToolIds", toolIds)}
      />
      <fieldset className="grid gap-5 md:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Widget theme</legend>
        <Field id={id("colour")} label="Colour" error={errors.themeColor}>
          <Input
            type="color"
            className="w-24 cursor-pointer p-1"
            value={draft.themeColor}
            disabled={busy}
            onChange={(event) => set("themeColor", event.target.value)}
          />
        </Field>
        <Field id={id("position")} label="Position" error={errors.themePosition}>
          <NativeSelect
            value={draft.themePosition}
            disabled={busy}
            onChange={(event) => set("themePosition", event.target.value as Draft["themePosition"])}
          >
            <option value="bottom-right">Bottom right</option>
            <option value="bottom-left">Bottom left</option>
          </NativeSelect>
        </Field>
      </fieldset>
      {formProblem && (
        <p role="alert" className="text-sm text-red-600">
          {formProblem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? "Saving…" : "Save publishing"}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {save.isSuccess && (saved.enabled ? "Saved. The agent is published." : "Saved. The agent is not published.")}
        </p>
      </div>
      {saved.enabled ? (
        <EmbedSnippet slug={saved.slug} />
      ) : (
        <p className="text-sm text-slate-500">Publish and save to get the embed snippet and the public page.</p>
      )}
    </form>
  );
}

export function PublishingPanel({ agentId }: { agentId: string }) {
  const publishing = useQuery(agentPublishingQuery(agentId));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-4" aria-hidden /> Publishing
        </CardTitle>
        <CardDescription>
          Put this agent in front of customers: a public page, a widget on your own site, and the API.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {publishing.isPending ? (
          <Spinner label="Loading publishing settings" />
        ) : publishing.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {problemOf(publishing.error)}
          </p>
        ) : (
          <PublishingForm agentId={agentId} saved={publishing.data} />
        )}
      </CardContent>
    </Card>
  );
}
