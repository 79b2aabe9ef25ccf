import * as Avatar from "@radix-ui/react-avatar";
import type { User } from "../../../contracts/auth";
import { initialsOf } from "../../lib/auth";

export function UserAvatar({ user }: { user: User }) {
  return (
    <Avatar.Root className="inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-primary-soft">
      {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" className="size-full object-cover" />}
      <Avatar.Fallback className="flex size-full items-center justify-center text-sm font-semibold text-primary-ink">
        {initialsOf(user)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
