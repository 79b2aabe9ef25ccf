/** Public landing page (spec section 1): header, hero, four features, closing call to action, footer. */
import { Bot, LayoutTemplate, MessageSquareText, PlayCircle, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { Logo, PRODUCT_NAME } from "../components/layout/logo";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";

// The demo dialog (and Radix Dialog with it, ~8 kB) loads when asked for, not with the page:
// the landing page is every visitor's first download. Pointing at the button starts it early.
const loadWatchDemo = () => import("../features/landing/watch-demo-dialog");
const WatchDemoDialog = lazy(() => loadWatchDemo().then((module) => ({ default: module.WatchDemoDialog })));

const features = [
  {
    icon: Bot,
    title: "Custom Agents",
    text: "Create agents with personalised prompts, rules, roles and personalities.",
  },
  {
    icon: MessageSquareText,
    title: "Voice & Chat",
    text: "Talk to your agents by text or hold timed voice conversations in nine languages.",
  },
  {
    icon: Users,
    title: "Team Management",
    text: "An admin dashboard with user management, conversation logs and performance analytics across your organisation.",
  },
  {
    icon: LayoutTemplate,
    title: "Templates",
    text: "Start from pre-built agent templates for sales, support, scheduling and more.",
  },
];

export function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoLoaded, setDemoLoaded] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <Button asChild variant="outline">
            <Link href="/login">Sign In</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">
        <section className="bg-gradient-to-b from-primary-soft to-surface">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Build AI agents that talk to your customers
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
              Build, manage and talk to custom AI agents for sales, support, marketing and more, by voice or text.
              Replies come from a large language model and are spoken with a synthesized voice.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href="/login">Get Started Free</Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                onPointerEnter={() => void loadWatchDemo()}
                onFocus={() => void loadWatchDemo()}
                onClick={() => {
                  setDemoLoaded(true);
                  setDemoOpen(true);
                }}
              >
                <PlayCircle aria-hidden /> Watch Demo
              </Button>
            </div>
          </div>
        </section>
        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
            Everything your team needs
          </h2>
          <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardContent className="pt-5">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
        <section className="bg-primary">
          <div className="mx-auto max-w-4xl px-4 py-14 text-center text-white sm:px-6">
            <h2 className="text-2xl font-bold sm:text-3xl">Ready to put your agents to work?</h2>
            <p className="mt-3 text-white/80">Create your first agent in under a minute.</p>
            <Button asChild size="lg" variant="secondary" className="mt-6">
              <Link href="/login">Start Building Agents</Link>
            </Button>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </footer>
      {demoLoaded && (
        <Suspense fallback={null}>
          <WatchDemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      )}
    </div>
  );
}
