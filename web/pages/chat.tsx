import { PageHeader } from "../components/layout/page-header";

export function ChatPage() {
  return <PageHeader title="Chat" description="This screen arrives with its feature." />;
}
