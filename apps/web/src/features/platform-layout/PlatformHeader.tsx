import { Link } from "react-router";
import { Logo } from "../../components/Logo";
import { SignInButtons, useAuth } from "../auth";
import { ProfileMenu } from "./ProfileMenu";
import "./PlatformHeader.css";

export function PlatformHeader() {
  const { status } = useAuth();
  return (
    <header className="platform-header">
      <div className="platform-header__inner">
        <Link to="/" className="platform-header__logo" aria-label="Openverde home">
          <Logo />
        </Link>
        <div className="platform-header__account">
          {status === "signedIn" ? <ProfileMenu /> : null}
          {status === "signedOut" ? <SignInButtons /> : null}
        </div>
      </div>
    </header>
  );
}
