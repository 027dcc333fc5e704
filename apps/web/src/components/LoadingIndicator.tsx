export function LoadingIndicator({ label }: { label: string }) {
  return (
    <output className="checking-login" aria-live="polite">
      <span className="checking-login__spinner" aria-hidden="true" />
      {label}
    </output>
  );
}
