import { MAX_PROJECTS_PER_USER, PROJECT_NAME_MAX_CHARS, type LibraryItemType } from '@archlens/contracts/library';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Every user-visible text of /library, its project dialogs and Add to project. */
export const LIBRARY_TEXTS = {
  pageTitle: 'Library',
  pageIntro:
    'Every analysis, sketch reading and render you have made, in one place. File them in projects to keep a scheme’s references together, and search the descriptions to find one again.',

  /** The type filter: every kind, or one. */
  typeFilterLabel: 'Show',
  allTypes: 'All',
  typeFilter: { analysis: 'Analyses', 'sketch-reading': 'Sketch readings', generation: 'Renders' } satisfies Record<
    LibraryItemType,
    string
  >,
  /** The label on a card: what the item is. */
  typeLabel: { analysis: 'Analysis', 'sketch-reading': 'Sketch reading', generation: 'Render' } satisfies Record<LibraryItemType, string>,

  searchLabel: 'Search the library',
  searchPlaceholder: 'Search the library',
  clearSearch: 'Clear the search',
  sortLabel: 'Order',
  sort: { newest: 'Newest first', oldest: 'Oldest first' },
  resultCount: (total: number) => plural(total, 'item', 'items'),
  pagesLabel: 'Library pages',
  gridLabel: 'Library items',
  loadFailed: 'The library could not be loaded. Please try again.',
  retry: 'Try again',

  card: {
    open: (type: string, date: string) => `Open ${type.toLowerCase()} of ${date}`,
    noImage: (type: string) => `${type} without an image`,
    projectChip: (name: string) => `Project: ${name}`,
    menu: 'Item actions',
  },

  empty: {
    heading: 'Nothing here yet',
    copy: 'Analyse photographs of a building, read a sketch or make a render, and each result is kept here for you to file in projects and find again.',
    analyse: 'Analyse photos',
    readSketch: 'Read a sketch',
    create: 'Make a render',
    filteredHeading: 'Nothing matches this view',
    filteredCopy: 'Try fewer words, another type, or every project.',
    projectHeading: 'This project is empty',
    projectCopy: 'Open an item’s menu, or use Add to project beside a result, to file it here.',
    showAll: 'Show everything',
  },

  projects: {
    heading: 'Projects',
    all: 'All items',
    listLabel: 'Projects',
    selectLabel: 'Project',
    count: (n: number) => plural(n, 'item', 'items'),
    newProject: 'New project',
    rename: 'Rename',
    delete: 'Delete',
    actions: (name: string) => `Actions for project ${name}`,
    none: 'No projects yet. Make one to group the items of a scheme.',
    loadFailed: 'Projects could not be loaded.',
  },

  nameDialog: {
    createTitle: 'New project',
    renameTitle: 'Rename project',
    nameLabel: 'Project name',
    rules: `Up to ${PROJECT_NAME_MAX_CHARS} characters, different from your other projects’ names. You can keep up to ${MAX_PROJECTS_PER_USER} projects.`,
    required: 'Give the project a name.',
    tooLong: `A project name has at most ${PROJECT_NAME_MAX_CHARS} characters.`,
    cancel: 'Cancel',
    create: 'Create project',
    save: 'Save name',
    saving: 'Saving…',
  },

  deleteDialog: {
    title: 'Delete this project?',
    body: (name: string, count: number) =>
      `“${name}” will be deleted. Its ${plural(count, 'item stays', 'items stay')} in your library, no longer filed in a project.`,
    cancel: 'Keep project',
    confirm: 'Delete project',
  },

  addToProject: {
    button: 'Add to project',
    buttonFiled: (name: string) => `In ${name}`,
    menuLabel: 'Projects',
    current: 'Current project',
    newProject: 'New project…',
    newProjectName: 'Name of the new project',
    createAndAdd: 'Create and add',
    remove: 'Remove from project',
    loading: 'Loading projects…',
    loadFailed: 'Projects could not be loaded.',
  },

  toasts: {
    createdTitle: 'Project Created',
    created: (name: string) => `“${name}” is ready for your items.`,
    renamedTitle: 'Project Renamed',
    renamed: (name: string) => `The project is now called “${name}”.`,
    deletedTitle: 'Project Deleted',
    deleted: (name: string) => `“${name}” is gone; its items are still in your library.`,
    filedTitle: 'Added to Project',
    filed: (type: string, name: string) => `This ${type.toLowerCase()} is now in “${name}”.`,
    unfiledTitle: 'Removed from Project',
    unfiled: (type: string, name: string) => `This ${type.toLowerCase()} is no longer in “${name}”.`,
    failedTitle: 'Project Not Changed',
    failed: 'Please try again.',
  },

  seeAll: 'See all',
  seeAllAnalyses: 'See all analyses in your library',
  seeAllRenders: 'See all renders in your library',
} as const;
