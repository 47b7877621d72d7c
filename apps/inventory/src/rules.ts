// Running a rule of libs/domain on what a page holds, before the tap: the page refuses what the
// server would, with the same code, and says it as it says the server's refusals.
import { isRefusal, type Refusal } from '@mojud/domain';

/** The refusal a rule throws, or null when it lets the request through. */
export function refusalOf(run: () => unknown): Refusal | null {
  try {
    run();
    return null;
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
}
