// Collects the WHERE conditions of a list query, always starting with the user scope.

export type Conditions = {
  /** Adds `condition` (with `?` placeholders) and its arguments. */
  add(condition: string, ...args: readonly (string | number)[]): void;
  /** `a AND b AND …`, the first always `user_id = ?`. */
  readonly sql: string;
  readonly args: readonly (string | number)[];
};

/** Conditions starting with `user_id = ?` bound to `userId`: a list can never reach another user's rows. */
export function buildConditions(userId: string, userColumn = 'user_id'): Conditions {
  const parts = [`${userColumn} = ?`];
  const args: (string | number)[] = [userId];
  return {
    add(condition, ...values) {
      parts.push(condition);
      args.push(...values);
    },
    get sql() {
      return parts.join(' AND ');
    },
    args,
  };
}
