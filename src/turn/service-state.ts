// What the chat service remembers between turns in one process: the learned token correction and cache fingerprints.
import { createTokenCorrection, type TokenCorrection } from '../pipeline/tokens/index.ts';
import type { PromptFingerprint } from '../pipeline/cost/index.ts';

/** Conversations whose last prompt fingerprint is remembered (least recently used dropped first). */
const MAX_FINGERPRINTS = 10_000;

export type ServiceState = {
  correction: TokenCorrection;
  readonly fingerprints: {
    get(conversationId: string): PromptFingerprint | undefined;
    set(conversationId: string, fingerprint: PromptFingerprint): void;
  };
};

export function createServiceState(): ServiceState {
  const fingerprints = new Map<string, PromptFingerprint>();
  return {
    correction: createTokenCorrection(),
    fingerprints: {
      get: (id) => fingerprints.get(id),
      set(id, fingerprint) {
        fingerprints.delete(id);
        fingerprints.set(id, fingerprint);
        if (fingerprints.size > MAX_FINGERPRINTS) fingerprints.delete(fingerprints.keys().next().value as string);
      },
    },
  };
}
