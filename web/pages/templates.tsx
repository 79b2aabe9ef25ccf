import { PageHeader } from "../components/layout/page-header";

export function TemplatesPage() {
  return <PageHeader title="Templates" description="This screen arrives with its feature." />;
}
