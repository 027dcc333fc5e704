export function ClaimSection() {
  return (
    <section className="landing-claim" aria-labelledby="claim-title">
      <div className="landing__inner">
        <h2 id="claim-title">Data about our common future belongs to all of us.</h2>
        <p>
          Openverde is run as a non-profit. What one member sources, every member can use: free to use,
          traceable to its source and reviewed by people who know the frameworks.
        </p>
      </div>
    </section>
  );
}
