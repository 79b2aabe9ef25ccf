/** Mounted once in the signed-in shell for admins: keeps the live admin channel open on every screen. */
import { useAuth } from "../../lib/auth";
import { useAdminChannel } from "./use-admin-channel";

export function AdminLiveChannel() {
  const { user, isAdmin } = useAuth();
  useAdminChannel(user?.id ?? null, isAdmin);
  return null;
}
