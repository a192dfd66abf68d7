import "./column-titles.css";

/** Column titles above a list on wide screens; hidden from assistive technology, since each row's cells speak for themselves when stacked. */
export function ColumnTitles({ className, titles }: { className: string; titles: string[] }) {
  return (
    <div className={`column-titles ${className}`} aria-hidden="true">
      {titles.map((title) => (
        <span key={title}>{title}</span>
      ))}
    </div>
  );
}
