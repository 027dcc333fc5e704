export { AuthProvider } from "./AuthProvider";
export { type AuthContextValue, type AuthStatus, useAuth } from "./auth-context";
export type { AuthUser } from "./auth-user";
export { CheckingLoginStatus } from "./CheckingLoginStatus";
export { RequireAuth } from "./RequireAuth";
export { rolesAllow } from "./roles";
export { SignedOutPage } from "./SignedOutPage";
export { SignInButtons } from "./SignInButtons";
