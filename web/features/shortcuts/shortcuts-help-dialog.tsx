/** The list of keyboard shortcuts (Ctrl+/ or the sidebar's button): a Radix dialog, so focus is trapped and Escape closes it. */
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { SHORTCUTS } from "./shortcut-keys";

export const SHORTCUTS_DIALOG_ID = "keyboard-shortcuts-dialog";

export function ShortcutsHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={SHORTCUTS_DIALOG_ID}
        title="Keyboard shortcuts"
        description="On a Mac, use ⌘ Command in place of Ctrl."
        className="max-w-md"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Shortcut keys and what they do</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Keys</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.id}>
                <th scope="row" className="py-2.5 pr-4 text-left font-normal text-slate-800">
                  {shortcut.description}
                  {shortcut.where && <span className="text-slate-500"> ({shortcut.where})</span>}
                </th>
                <td className="whitespace-nowrap py-2.5 text-right">
                  <kbd className="inline-flex items-center gap-1 font-sans">
                    {shortcut.keys.map((key, index) => (
                      <span key={key} className="inline-flex items-center gap-1">
                        {index > 0 && (
                          <span aria-hidden className="text-xs text-slate-500">
                            +
                          </span>
                        )}
                        <kbd className="min-w-7 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center text-xs font-medium text-slate-800 shadow-sm">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </kbd>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600">
          In a text field other than the message box and the search box, only Ctrl+/ works, so a shortcut never throws
          away what you are typing.
        </p>
      </DialogContent>
    </Dialog>
  );
}
