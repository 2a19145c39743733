/** Every frame of a page loading, in order (spec 001 §2 'Filmstrip' tab, tracked checks). */
export function FilmstripFrames({ frames }: { frames: readonly string[] }) {
  if (frames.length === 0) return <p className="small mt-2 mb-0">Data Unavailable</p>;
  return (
    <div className="sr-filmstrip-all mt-2" data-testid="result-filmstrip">
      {frames.map((data, i) => (
        <img key={i} src={data} alt={`Frame ${i + 1} of ${frames.length}`} />
      ))}
    </div>
  );
}
