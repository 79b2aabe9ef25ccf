/** /admin-companies: one collapsible card per company with its users, agents (n/10) and warnings. */
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { CompanyCard } from "../features/admin/company-card";
import { companiesQuery } from "../lib/admin-queries";

export function AdminCompaniesPage() {
  const companies = useQuery(companiesQuery);
  return (
    <AdminGuard>
      <PageHeader
        title="Company Management"
        description="Users grouped by company, with their agents, security warnings, agent limit and quotas."
      />
      {companies.isPending ? (
        <LoadingState />
      ) : companies.isError ? (
        <ErrorState error={companies.error} />
      ) : companies.data.length === 0 ? (
        <Card>
          <EmptyState icon={Building2} title="No companies found" />
        </Card>
      ) : (
        <div className="space-y-3">
          {companies.data.map((company) => (
            <CompanyCard key={company.id} company={company} />
          ))}
        </div>
      )}
    </AdminGuard>
  );
}
