/**
 * Start-up's last stage (schemas.ts says why there are stages): React, React DOM and Jotai. The app's own
 * modules (the `app` chunk) and start.tsx follow in a task of their own.
 */
import './storage';
import 'react';
import 'react-dom/client';
import 'jotai';

await new Promise((resolve) => setTimeout(resolve));
