/** Any signed-in path no route matches: the spec's words, and a way back home. */
import { AlertCircle, Home } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-3 flex items-center gap-2">
            <AlertCircle className="size-7 text-red-500" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <Button asChild className="mt-5">
            <Link href="/">
              <Home aria-hidden /> Go to Home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
