export type AlertVariant = "success" | "danger" | "warning" | "info";

export type AlertEntry = { id: number; message: string; variant: AlertVariant; description?: string };
