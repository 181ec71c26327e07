import { InvalidArgumentError, Option } from 'commander';
import { REPORTERS } from '../defaults';

/** The shape of a command's registration: its actions set the exit code rather than exiting. */
export type SetCode = (code: number) => void;

/** A whole number option (0 or more). */
export const int = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} takes a whole number`);
  return n;
};

/** A repeatable option's values, in order. */
export const collect = (value: string, previous: string[]) => [...previous, value];

export const reporterOption = () =>
  new Option(
    '--reporter <kind>',
    'pretty (progress on a terminal), json (everything, with requests and answers), junit (CI), or html (one page to open)',
  )
    .choices(REPORTERS as string[])
    .default('pretty');
