/** The one place a users row becomes the User payload the API answers with. */
import type { User } from "../../contracts/auth.js";
import type { users } from "../db/schema.js";

/** A user as the app passes it around: without the password hash, which only sign-in reads. */
export type UserRow = Omit<UserWithPasswordRow, "passwordHash">;
export type UserWithPasswordRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    profileImageUrl: row.profileImageUrl,
    companyName: row.companyName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    isAdmin: row.isAdmin,
    isApproved: row.approvalStatus === "approved",
    approvalStatus: row.approvalStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const parts = fullName.trim().split(/\s+/);
  const firstName = parts.shift() ?? fullName;
  return { firstName, lastName: parts.length ? parts.join(" ") : null };
}

/** Agents are grouped into a company by the owner's company name, compared loosely. */
export function companyKey(companyName: string): string {
  return companyName.trim().toLowerCase();
}
