import { Link, NavLink } from "react-router";
import { ButtonLink } from "../../components/ButtonLink";
import { Logo } from "../../components/Logo";
import { SignInButtons, useAuth } from "../../features/auth";
import "./PublicHeader.css";

export function PublicHeader() {
  return (
    <header className="public-header">
      <div className="public-header__inner">
        <Link to="/" className="public-header__logo" aria-label="Openverde home">
          <Logo />
        </Link>
        <nav className="public-header__nav" aria-label="Main">
          <NavLink to="/" end>
            HOME
          </NavLink>
          <NavLink to="/about">ABOUT</NavLink>
        </nav>
        <div className="public-header__account">
          <AccountActions />
        </div>
      </div>
    </header>
  );
}

function AccountActions() {
  const { status } = useAuth();
  if (status === "checking") {
    return <span className="public-header__checking">Checking Log-In status.</span>;
  }
  if (status === "signedIn") {
    return <ButtonLink to="/platform-redirect">BACK TO PLATFORM</ButtonLink>;
  }
  return <SignInButtons />;
}
