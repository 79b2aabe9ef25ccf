/**
 * /templates: the template grid; a card opens /create?template={type}. The link is the
 * template's name, stretched over the card, so its accessible name is the text a person sees
 * (and can say to speech input) while the whole card stays one click target.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { TEMPLATE_TRACKED_PREVIEW } from "../../contracts/limits";
import { PageHeader } from "../components/layout/page-header";
import { Badge } from "../components/ui/badge";
import { Card } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { TemplateIcon } from "../features/agents/template-icon";
import { templateListQuery } from "../lib/agent-queries";

export function TemplatesPage() {
  const { data: templates = [], isLoading } = useQuery(templateListQuery);
  return (
    <div>
      <PageHeader title="Templates" description="Start from a ready-made agent and make it yours." />
      {isLoading && <Spinner label="Loading templates" />}
      {!isLoading && templates.length === 0 && <p className="text-sm text-slate-500">No templates available</p>}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {templates.map((t) => {
          const more = t.trackedData.length - TEMPLATE_TRACKED_PREVIEW;
          return (
            <Card
              key={t.id}
              className="relative flex h-full flex-col p-5 transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary"
            >
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                  <TemplateIcon icon={t.icon} className="size-5" />
                </span>
                <div>
                  <h2 className="font-semibold">
                    <Link
                      href={`/create?template=${t.type}`}
                      className="rounded-xl outline-none after:absolute after:inset-0 after:rounded-xl"
                    >
                      {t.name}
                    </Link>
                  </h2>
                  <p className="text-xs text-slate-500">{t.type}</p>
                </div>
              </div>
              <p className="mt-3 flex-1 text-sm text-slate-600">{t.description}</p>
              <div className="mt-4 flex flex-wrap gap-1.5">
                {t.trackedData.slice(0, TEMPLATE_TRACKED_PREVIEW).map((item) => (
                  <Badge key={item} variant="muted">
                    {item}
                  </Badge>
                ))}
                {more > 0 && <Badge variant="outline">+{more} more</Badge>}
              </div>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
