/**
 * Start-up's evaluation in stages (start.tsx imports the last): each stage is a chunk of its own (vite.config.ts)
 * whose modules are evaluated and then, by this top-level await, give the main thread back before the next
 * stage's chunk is evaluated. The app's code is a few hundred milliseconds to evaluate on a slow phone, most
 * of it building zod schemas; evaluated in one go it is one long task that holds the page's first input.
 * A stage imports the one before it, so that they run in order, a task each.
 *
 * This one: zod and the entities' schemas (the first schemas built also compile zod's own code).
 */
import '@topup/contracts/entities';

await new Promise((resolve) => setTimeout(resolve));
