import type { CredentialRepresentation } from "../../../api/representations";

/** What each action in a credential's row of Signing in is given (make default, rename). */
export type CredentialActionProps = {
  credential: CredentialRepresentation;
  /** The name the row shows now. */
  name: string;
  /** The id of the row's name, which describes the button. */
  labelId: string;
};
