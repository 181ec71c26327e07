/**
 * React's own start-up, evaluated in a task of its own before the app's (issue 16): the build puts this module
 * with react, react-dom and scheduler in one chunk (`reactChunk` in vite.config.ts), and index.html's start
 * script runs that chunk first and the entry only once it has run, so neither evaluation is one long task on a
 * slow phone. The imports run React's module initialisation here rather than at the entry's first use.
 */
import 'react';
import 'react-dom/client';
