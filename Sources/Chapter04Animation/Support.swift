// Reference solutions for this chapter: one exercise a file, named in the chapter.
// Support code the exercises share lives in files without solution markers.
import Diner
import Stage
