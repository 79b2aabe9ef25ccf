import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent } from "../ui/card";
import { Logo, PRODUCT_NAME } from "./logo";

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-primary-soft to-slate-50 px-4 py-10">
      {/* The name starts with the logo's own text, so speech input can say what it sees. */}
      <Link href="/" className="mb-6" aria-label={`${PRODUCT_NAME} home`}>
        <Logo />
      </Link>
      <Card className="w-full max-w-md">
        <CardContent className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-slate-500">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </CardContent>
      </Card>
    </div>
  );
}
