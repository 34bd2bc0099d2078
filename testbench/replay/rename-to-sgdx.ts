// SGD-X (Lee et al., 2022): the same SGD dialogues under a reworded schema. Its five variants rename every service,
// intent and slot and rewrite every description; the dialogues are carried over by renaming, as the dataset's own
// `sgd_x/generate_sgdx_dialogues.py` does (the two schemas are aligned by position).

type Named = { readonly name: string };
export type SchemaService = {
  readonly service_name: string;
  readonly slots: readonly Named[];
  readonly intents: readonly Named[];
};
export type SgdFrame = {
  service: string;
  service_call?: { method: string; parameters: Record<string, string> };
  service_results?: Record<string, string>[];
};
export type SgdDialogue = {
  dialogue_id: string;
  services: string[];
  turns: { speaker: 'USER' | 'SYSTEM'; utterance: string; frames: SgdFrame[] }[];
};

type ServiceNames = {
  readonly name: string;
  readonly slots: ReadonlyMap<string, string>;
  readonly intents: ReadonlyMap<string, string>;
};

function pairNames(source: readonly Named[], variant: readonly Named[], what: string): ReadonlyMap<string, string> {
  if (source.length !== variant.length) {
    throw new Error(`the variant schema has ${variant.length} ${what}, not ${source.length}`);
  }
  return new Map(source.map((item, at) => [item.name, variant[at]!.name]));
}

/** The variant's name of each source service, intent and slot; throws when the schemas are not aligned. */
export function pairSchemas(
  source: readonly SchemaService[],
  variant: readonly SchemaService[],
): ReadonlyMap<string, ServiceNames> {
  if (source.length !== variant.length) {
    throw new Error(`the variant schema has ${variant.length} services, not ${source.length}`);
  }
  return new Map(source.map((service, at) => {
    const other = variant[at]!;
    return [service.service_name, {
      name: other.service_name,
      slots: pairNames(service.slots, other.slots, `slots in ${service.service_name}`),
      intents: pairNames(service.intents, other.intents, `intents in ${service.service_name}`),
    }];
  }));
}

function renameKeys(record: Record<string, string>, names: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [names.get(key) ?? key, value]));
}

/**
 * The dialogue with its services, called intents, call parameters and result fields renamed to the variant's names
 * (utterances unchanged). Throws for a service the schemas do not hold. Pure: returns a new dialogue.
 */
export function renameDialogue(dialogue: SgdDialogue, pairs: ReadonlyMap<string, ServiceNames>): SgdDialogue {
  const namesOf = (service: string): ServiceNames => {
    const names = pairs.get(service);
    if (names === undefined) {
      throw new Error(`dialogue ${dialogue.dialogue_id}: service ${service} is not in the schema`);
    }
    return names;
  };
  return {
    ...dialogue,
    services: dialogue.services.map((service) => namesOf(service).name),
    turns: dialogue.turns.map((turn) => ({
      ...turn,
      frames: turn.frames.map((frame) => {
        const names = namesOf(frame.service);
        const call = frame.service_call;
        return {
          ...frame,
          service: names.name,
          ...(call === undefined ? {} : {
            service_call: {
              method: names.intents.get(call.method) ?? call.method,
              parameters: renameKeys(call.parameters, names.slots),
            },
          }),
          ...(frame.service_results === undefined
            ? {}
            : { service_results: frame.service_results.map((result) => renameKeys(result, names.slots)) }),
        };
      }),
    })),
  };
}
