import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "./auth-context";

const currentPath = () => window.location.pathname + window.location.search;
const keepOpen = () => {};

/** The three session dialogs of spec §2; they open when the session rules raise an alert. */
export function SessionDialogs() {
  const { sessionAlert, renewSession, signIn, user, dismissSessionAlert } = useAuth();
  const navigate = useNavigate();
  const tokenWhenLoggedOut = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (sessionAlert !== "externalLogout") return;
    if (tokenWhenLoggedOut.current === undefined) {
      tokenWhenLoggedOut.current = user?.accessToken;
      return;
    }
    if (user?.accessToken !== tokenWhenLoggedOut.current) {
      tokenWhenLoggedOut.current = undefined;
      dismissSessionAlert();
      navigate("/companies");
    }
  }, [sessionAlert, user?.accessToken, dismissSessionAlert, navigate]);

  const signInHere = () => void signIn(currentPath()).catch(() => {});
  const dialogProps = { modal: true, closable: false, draggable: false, resizable: false, onHide: keepOpen };

  return (
    <>
      <Dialog
        {...dialogProps}
        header="Session expires soon"
        visible={sessionAlert === "warning"}
        footer={
          <Button label="Refresh Session" autoFocus onClick={() => void renewSession().catch(signInHere)} />
        }
      >
        <p>You have been inactive for a while. Your session ends in less than two minutes.</p>
      </Dialog>
      <Dialog
        {...dialogProps}
        header="Session closed"
        visible={sessionAlert === "closed"}
        footer={<Button label="Login" autoFocus onClick={signInHere} />}
      >
        <p>Your session has ended. Please sign in again to continue where you left off.</p>
      </Dialog>
      <Dialog
        {...dialogProps}
        header="You have been logged out"
        visible={sessionAlert === "externalLogout"}
        footer={<Button label="Login to account" autoFocus onClick={signInHere} />}
      >
        <p>You were signed out in another window or by the sign-in service.</p>
      </Dialog>
    </>
  );
}
