import { PageHeader } from "../components/layout/page-header";

export function PlaceholderPage() {
  return <PageHeader title="Not built yet" description="This screen arrives with its feature." />;
}
