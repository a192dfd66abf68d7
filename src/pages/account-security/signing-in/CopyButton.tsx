import { Button } from "@patternfly/react-core";
import { CheckIcon, CopyIcon } from "@patternfly/react-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A copy button with its name in words, for a value the user must take elsewhere (a username, a new app password).
 * It says "Copied" for a few seconds after a copy, and says so in words when the browser refused to copy.
 */
export function CopyButton({ text, describedBy, testId }: { text: string; describedBy: string; testId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch (error) {
      // No permission or no secure context: the user is told to copy by hand; nothing else is to be done.
      console.warn("The browser refused to copy.", error);
      setState("failed");
    }
  };

  return (
    <span className="copy-button">
      <Button
        variant="secondary"
        icon={state === "copied" ? <CheckIcon /> : <CopyIcon />}
        aria-describedby={describedBy}
        data-testid={testId}
        onClick={() => void copy()}
      >
        {state === "copied" ? t("appPasswordsCopied") : t("appPasswordsCopy")}
      </Button>
      <span role="status" className={state === "failed" ? "copy-button-failed" : "pf-v6-screen-reader"}>
        {state === "copied" ? t("appPasswordsCopied") : state === "failed" ? t("appPasswordsCopyFailed") : ""}
      </span>
    </span>
  );
}
