/**
 * After a turn the transcript is fetched again, even when its first load was still on its way:
 * that load began before the reply was stored, and an invalidation alone joins it instead of
 * fetching anew (TanStack Query does not cancel a fetch that has no data yet), so the reply never
 * appeared (found as an offline-chat journey failing under CPU load).
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { expect, it } from "vitest";
import { chatKeys, invalidateAfterTurn } from "./chat-queries";

it("shows the stored reply after a turn that ended while the transcript's first load was in flight", async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const conversationId = "c1";
  let releaseFirstLoad: (messages: string[]) => void = () => undefined;
  const served: string[][] = [];
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => {
      if (served.length === 0) {
        served.push(["question"]);
        // The first load: read before the reply was stored, answered late.
        return new Promise<string[]>((resolve) => (releaseFirstLoad = resolve));
      }
      served.push(["question", "reply"]);
      return Promise.resolve(["question", "reply"]);
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  expect(served).toHaveLength(1);

  const afterTurn = invalidateAfterTurn(queryClient, conversationId);
  releaseFirstLoad(["question"]);
  await afterTurn;

  expect(queryClient.getQueryData(chatKeys.messages(conversationId))).toEqual(["question", "reply"]);
  unsubscribe();
  queryClient.clear();
});
