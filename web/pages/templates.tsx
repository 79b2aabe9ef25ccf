/** /templates: the template grid; a card opens /create?template={type}. */
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
            <Link
              key={t.id}
              href={`/create?template=${t.type}`}
              className="group rounded-xl"
              aria-label={`Use the ${t.name} template`}
            >
              <Card className="flex h-full flex-col p-5 transition-shadow group-hover:shadow-md group-focus-visible:ring-2 group-focus-visible:ring-primary">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <TemplateIcon icon={t.icon} className="size-5" />
                  </span>
                  <div>
                    <h2 className="font-semibold">{t.name}</h2>
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
            </Link>
          );
        })}
      </div>
    </div>
  );
}
