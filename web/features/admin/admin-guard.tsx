/** Every admin screen sits behind this: non-admins see 'Access Denied' / 'Admin access required' (spec section 6). */
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAuth } from "../../lib/auth";

export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (isAdmin) return <>{children}</>;
  return (
    <Card className="mx-auto mt-8 max-w-md p-8 text-center" role="alert">
      <ShieldAlert className="mx-auto size-10 text-red-500" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">Access Denied</h1>
      <p className="mt-1 text-sm text-slate-500">Admin access required</p>
      <Button asChild className="mt-5">
        <Link href="/">Go to Dashboard</Link>
      </Button>
    </Card>
  );
}
