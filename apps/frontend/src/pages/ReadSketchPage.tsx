import { SketchWorkspace } from '../features/sketch/components/SketchWorkspace';

/** Route `/read-sketch`: Process Your Sketch (spec §2, §4, §5, §9; issue 14). */
export default function ReadSketchPage() {
  return <SketchWorkspace />;
}
