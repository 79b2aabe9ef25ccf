/** Report Issue (spec section 2): type, severity with descriptions, message, optional details. */
import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { useState, type FormEvent } from "react";
import {
  EMPTY_REPORT_MESSAGE,
  OFFERED_ERROR_TYPES,
  SEVERITIES,
  SEVERITY_DESCRIPTIONS,
  type ErrorReportCreate,
} from "../../../contracts/reports";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { NativeSelect, Textarea } from "../../components/ui/input";
import { apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast-store";

export function ReportIssueDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close if the button that opened it has gone (the phone menu's). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  const [errorType, setErrorType] = useState<ErrorReportCreate["errorType"]>("bug");
  const [severity, setSeverity] = useState<ErrorReportCreate["severity"]>("medium");
  const [message, setMessage] = useState("");
  const [details, setDetails] = useState("");
  const [messageError, setMessageError] = useState<string>();

  const submit = useMutation({
    mutationFn: (report: ErrorReportCreate) => apiRequest(apiRoute("reportError"), report),
    onSuccess: () => {
      toast({
        title: "Report Submitted",
        description: "Thank you for reporting the issue. Our admin team has been notified.",
      });
      setMessage("");
      setDetails("");
      onOpenChange(false);
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to submit report. Please try again.", variant: "destructive" }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setMessageError(EMPTY_REPORT_MESSAGE);
      return;
    }
    setMessageError(undefined);
    submit.mutate({
      errorType,
      severity,
      message: message.trim(),
      details: details.trim() || null,
      url: window.location.href,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setMessageError(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Report an Issue"
        description="Tell the administrators what went wrong."
        returnFocusTo={returnFocusTo}
      >
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="report-type" label="Type of issue">
              <NativeSelect
                value={errorType}
                onChange={(e) => setErrorType(e.target.value as ErrorReportCreate["errorType"])}
              >
                {OFFERED_ERROR_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t[0].toUpperCase() + t.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="report-severity" label="Severity">
              <NativeSelect
                value={severity}
                onChange={(e) => setSeverity(e.target.value as ErrorReportCreate["severity"])}
              >
                {SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {s[0].toUpperCase() + s.slice(1)} - {SEVERITY_DESCRIPTIONS[s]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field id="report-message" label="What happened?" error={messageError}>
            <Textarea
              rows={3}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                if (e.target.value.trim()) setMessageError(undefined);
              }}
              placeholder="Describe the issue"
            />
          </Field>
          <Field id="report-details" label="Details (optional)">
            <Textarea
              rows={3}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              placeholder="Steps to reproduce, what you expected"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? "Submitting..." : "Submit Report"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
