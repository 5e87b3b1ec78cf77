import { SketchWorkspace } from '../features/sketch/components/SketchWorkspace';

/** Route `/read-sketch`: Process Your Sketch. */
export default function ReadSketchPage() {
  return <SketchWorkspace />;
}
