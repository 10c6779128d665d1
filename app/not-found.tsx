import Link from "next/link";

export default function NotFound() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="text-muted-foreground">There is no report at this address, or its link was revoked.</p>
      <Link href="/" className="text-accent hover:underline">
        Start a new research run
      </Link>
    </div>
  );
}
