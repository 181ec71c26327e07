import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The baseline of the JavaScript ratio: React 19 and nothing else, built by the web app's Vite setup.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main>
        <h1>مرحبا</h1>
      </main>
    </StrictMode>,
  );
}
