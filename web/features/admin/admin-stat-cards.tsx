/** The five live numbers of the Admin Panel (spec section 3, "Admin stats push"). */
import { useQuery } from "@tanstack/react-query";
import { AlertOctagon, AlertTriangle, Clock, ShieldCheck, Users } from "lucide-react";
import { StatCard } from "../../components/ui/stat-card";
import { adminStatsQuery } from "../../lib/admin-queries";

export function AdminStatCards() {
  const { data } = useQuery(adminStatsQuery);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1">
      <StatCard label="Total Users" value={data?.totalUsers} icon={Users} testId="stat-total-users" />
      <StatCard label="Admins" value={data?.adminUsers} icon={ShieldCheck} testId="stat-admin-users" />
      <StatCard label="Pending Approval" value={data?.pendingUsers} icon={Clock} testId="stat-pending-users" />
      <StatCard
        label="Unresolved Errors"
        value={data?.unresolvedErrors}
        icon={AlertTriangle}
        testId="stat-unresolved-errors"
      />
      <StatCard
        label="Critical Errors"
        value={data?.criticalErrors}
        icon={AlertOctagon}
        testId="stat-critical-errors"
      />
    </div>
  );
}
