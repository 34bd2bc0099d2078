// The typed context every route and middleware of the app shares.

/** `requestId` is set for every request; `userId` only once a bearer token has been verified. */
export type AppEnv = {
  Variables: {
    requestId: string;
    userId: string;
  };
};
