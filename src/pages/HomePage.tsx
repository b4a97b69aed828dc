export function HomePage() {
  return (
    <main id="main">
      <h1>Security ratings for blockchain projects</h1>
    </main>
  );
}
