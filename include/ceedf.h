! libCEED's Fortran include name: a Fortran code's include 'ceedf.h' gets ceedrt's Fortran constants.
      include 'ceed/fortran.h'
