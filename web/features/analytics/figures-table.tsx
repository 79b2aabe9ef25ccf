/** One analytics table (by company, user or agent) with its CSV download. */
import { Download } from "lucide-react";
import type { UsageFigures } from "../../../contracts/usage";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { Button } from "../../components/ui/button";
import { formatMs, formatTokens, formatVoiceMinutes } from "./figure-format";

export interface FiguresRow extends UsageFigures {
  key: string;
  name: string;
  detail?: string;
}

export function FiguresTable({ title, rows, csvUrl }: { title: string; rows: FiguresRow[]; csvUrl: string }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        <Button asChild size="sm" variant="outline">
          <a href={csvUrl} download aria-label={`Download ${title} as CSV`}>
            <Download aria-hidden /> CSV
          </a>
        </Button>
      </CardHeader>
      {rows.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-slate-500">No usage in this range.</p>
      ) : (
        // On a phone the table scrolls sideways: focusable and named, so a keyboard can scroll it too.
        <div className="overflow-x-auto px-2 pb-4 sm:px-4" tabIndex={0} role="region" aria-label={`${title} table`}>
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead>
              <tr className="text-xs text-slate-500">
                <th scope="col" className="px-2 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Conversations
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Messages
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Tool calls
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Tokens
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Voice
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  First token p50
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Failed
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Locks
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  <th scope="row" className="max-w-[16rem] px-2 py-2 font-medium">
                    <span className="block truncate">{row.name}</span>
                    {row.detail && (
                      <span className="block truncate text-xs font-normal text-slate-500">{row.detail}</span>
                    )}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{row.conversations.toLocaleString()}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.messages.toLocaleString()}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.toolCalls.toLocaleString()}</td>
                  <td className="px-2 py-2 text-right tabular-nums">
                    {formatTokens(row.promptTokens + row.completionTokens)}
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatVoiceMinutes(row.voiceSeconds)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{formatMs(row.firstTokenMsP50)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.failedReplies.toLocaleString()}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.securityLocks.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
