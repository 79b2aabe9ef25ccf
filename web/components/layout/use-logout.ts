import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { useLocation } from "wouter";
import { apiRequest, queryClient } from "../../lib/api";

/** POST /api/logout, forget every cached answer, then go to /login. */
export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest(apiRoute("signOut")),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(["/api/auth/user"], null);
      navigate("/login");
    },
  });
}
