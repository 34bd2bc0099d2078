// The turn's event listener, guarded: a client that went away must not stop the turn.
import type { SendMessageInput, TurnEvent } from './chat-service.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** A client that went away must not stop the turn: the first throw mutes the listener for the rest of the turn. */
export function guardListener(
  listener: SendMessageInput['onEvent'],
  deps: TurnDependencies,
): (event: TurnEvent) => void {
  if (listener === undefined) return () => {};
  let muted = false;
  return (event) => {
    if (muted) return;
    try {
      listener(event);
    } catch (error) {
      muted = true;
      deps.logger.log('warn', 'turn_listener_failed', { error: error instanceof Error ? error.name : typeof error });
    }
  };
}
