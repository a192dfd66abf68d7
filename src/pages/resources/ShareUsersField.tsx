import {
  Button,
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  InputGroup,
  InputGroupItem,
  Label,
  LabelGroup,
  TextInput,
} from "@patternfly/react-core";
import { ExclamationCircleIcon } from "@patternfly/react-icons";
import { useTranslation } from "react-i18next";

/**
 * The share dialog's "who" part: a username or email typed and added (Enter or Add), the error that goes with it, and
 * the users added so far as chips, those the server did not know marked in danger.
 */
export function ShareUsersField({
  text,
  error,
  canAdd,
  users,
  unknown,
  busy,
  onTextChange,
  onAdd,
  onRemove,
}: {
  text: string;
  /** Why the typed user cannot be added, or why sharing with the added ones failed. */
  error: string | undefined;
  /** Something is typed that can be added, and no share is under way. */
  canAdd: boolean;
  users: string[];
  unknown: ReadonlySet<string>;
  busy: boolean;
  onTextChange: (text: string) => void;
  onAdd: () => void;
  onRemove: (user: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormGroup label={t("shareUser")} fieldId="users" isRequired>
        <InputGroup>
          <InputGroupItem isFill>
            <TextInput
              id="users"
              data-testid="users"
              value={text}
              placeholder={t("usernamePlaceholder")}
              validated={error ? "error" : "default"}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? "users-helper" : undefined}
              isDisabled={busy}
              onChange={(_event, value) => onTextChange(value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  onAdd();
                }
              }}
            />
          </InputGroupItem>
          <InputGroupItem>
            <Button variant="control" data-testid="add" onClick={onAdd} isDisabled={!canAdd}>
              {t("add")}
            </Button>
          </InputGroupItem>
        </InputGroup>
        {error && (
          <FormHelperText>
            <HelperText>
              <HelperTextItem
                id="users-helper"
                data-testid="users-helper"
                variant="error"
                icon={<ExclamationCircleIcon />}
              >
                {error}
              </HelperTextItem>
            </HelperText>
          </FormHelperText>
        )}
      </FormGroup>
      {users.length > 0 && (
        <div role="group" aria-labelledby="share-with-title" className="resource-share-with">
          <span id="share-with-title" className="resource-share-with-title">
            {t("shareWith")}
          </span>{" "}
          <LabelGroup numLabels={10} aria-label={t("shareWith")}>
            {users.map((user) => (
              <Label
                key={user}
                status={unknown.has(user) ? "danger" : undefined}
                closeBtnAriaLabel={`${t("remove")} ${user}`}
                onClose={busy ? undefined : () => onRemove(user)}
              >
                {user}
              </Label>
            ))}
          </LabelGroup>
        </div>
      )}
    </>
  );
}
